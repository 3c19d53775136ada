/** Number and money display (one implementation, shared with the server: runtime/shared/fieldKinds). */
export { formatMoney, formatNumber } from '../../runtime/shared/fieldKinds/numberText';
