/** Digit helpers for display and input; the conversions themselves live in runtime/shared/normalize. */
import { toPersianDigits, toWesternDigits } from '../../runtime/shared/normalize';

export { toPersianDigits, toWesternDigits };
export {
  groupSeparator,
  groupThousands,
  localDigits,
  parseNumberInput,
} from '../../runtime/shared/fieldKinds/numberText';
