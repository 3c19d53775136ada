/**
 * What a successful answer tells without refusing: an Ok envelope (State 0) may carry MessageTexts
 * (with their keys in Messages), e.g. a credit limit passed under the setting `warn` when a
 * document is finalised (docs/credit.md). The pipeline (pipeline.ts) hands every Ok business answer
 * here, whatever the call, and each text shows as a warning toast. The texts are the server's, in
 * the request language; the pipeline normalised their digits to Western ones (as every answer's),
 * so they are shown in the language's digits again, as the business dialog shows a refusal (only
 * normalize.ts, which the pipeline loads anyway: the login route's size budget).
 */
import { EnvelopeState, type Envelope } from '../shared/envelope';
import { toPersianDigits } from '../shared/normalize';
import { getLang } from '../lang';
import { toast } from '../ui/toasts';

/** Shows the messages of an Ok answer as warning toasts; answers how many it showed. */
export function showAnswerNotices(envelope: Envelope): number {
  if (envelope.State !== EnvelopeState.Ok) return 0;
  const texts = (Array.isArray(envelope.MessageTexts) ? envelope.MessageTexts : []).filter(
    (text): text is string => typeof text === 'string' && text !== '',
  );
  const lang = getLang();
  for (const text of texts)
    toast({ text: lang === 'fa' ? toPersianDigits(text) : text, kind: 'warning', literal: true });
  return texts.length;
}
