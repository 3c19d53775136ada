export {
  localDigits,
  groupSeparator,
  groupThousands,
  parseNumberInput,
  toPersianDigits,
  toWesternDigits,
} from './digits';
export { formatNumber, formatMoney } from './number';
export { formatDate } from './date';
