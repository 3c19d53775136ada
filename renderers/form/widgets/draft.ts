/**
 * A typed field's own copy of its value, so a keystroke paints before the form catches up.
 *
 * RJSF handles every change at the form: its state is derived again for the whole form, live
 * validation and our rules run, then the field re-renders with the value it was handed. In a large
 * form that is several milliseconds between the key and the painted character. With a draft the
 * field shows what was typed at once (an urgent update of this one widget) and hands the change to
 * the form in a transition (React renders it after the paint, and starts again if another key comes
 * first). The form's own value is the truth: a value it hands the field that is not one the field
 * sent (a reset, a computed value, the server's data) replaces the draft.
 *
 * Only forms that can flush drafts opt in (formContext.drafts, below): before a submit the form
 * flushes every field that still has a change in flight, urgently, so a save never misses the last
 * keys. Elsewhere (report parameters, the designer) a change goes to the form at once, as before.
 */
import type { WidgetProps } from '@rjsf/utils';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterPaint } from '../afterPaint';

/** The form's flushers of fields with changes in flight (one per form). */
export class Drafts {
  private readonly flushers = new Set<() => void>();

  /** Adds a field's flusher; answers the function that removes it. */
  add(flush: () => void): () => void {
    this.flushers.add(flush);
    return () => this.flushers.delete(flush);
  }

  /** Hands every change in flight to the form, urgently (in a submit's own event, before RJSF's handler). */
  flush(): void {
    for (const f of [...this.flushers]) f();
  }
}

function draftsOf(props: Pick<WidgetProps, 'registry'>): Drafts | undefined {
  const drafts = (props.registry.formContext as { drafts?: unknown } | undefined)?.drafts;
  return drafts instanceof Drafts ? drafts : undefined;
}

/**
 * The value a widget shows and the function it reports changes through (values compared by
 * Object.is: texts, numbers, undefined).
 *
 * What the form hands over is judged after each commit (a layout effect, so a value from outside is
 * shown before the frame is painted): under concurrent rendering a render may see a value of a
 * transition that is later thrown away, and the next render the older committed one again.
 */
export function useDraft<V>(
  props: Pick<WidgetProps, 'registry' | 'value' | 'onChange' | 'readonly' | 'disabled'>,
): { value: V; onChange: (value: V) => void } {
  const value = props.value as V;
  const drafts = props.readonly || props.disabled ? undefined : draftsOf(props);
  const [draft, setDraft] = useState(value);
  const own = useRef({
    /** What the field shows. */
    draft: value,
    /** The form's value at the last commit. */
    committed: value,
    /** Values sent to the form that no commit has handed back yet, oldest first. */
    sent: [] as V[],
    /** The typed value not handed to the form yet (one hand-over per frame, the latest value). */
    unsent: null as { value: V } | null,
    onChange: props.onChange,
  });

  useLayoutEffect(() => {
    own.current.onChange = props.onChange;
  });
  const drafting = drafts !== undefined;
  useLayoutEffect(() => {
    const known = own.current;
    if (!drafting) {
      // not typed into here (read-only, or a form without drafts): the form's value is shown
      known.committed = known.draft = value;
      known.sent = [];
      known.unsent = null;
      return;
    }
    if (Object.is(value, known.committed) && Object.is(draft, known.draft)) return;
    known.committed = value;
    const at = known.sent.findIndex((p) => Object.is(p, value));
    if (at >= 0) known.sent = known.sent.slice(at + 1);
    else if (!Object.is(value, known.draft)) {
      // a value from outside the field (a reset, a computed value, the server's) replaces the draft
      known.sent = [];
      known.unsent = null;
      known.draft = value;
    }
    if (!Object.is(draft, known.draft)) setDraft(known.draft);
  }, [value, drafting, draft]);
  useEffect(() => {
    if (!drafts) return;
    const known = own.current;
    return drafts.add(() => {
      // not yet handed over (the frame's hand-over then finds nothing), or still in a transition
      if (known.unsent === null && known.sent.length === 0) return;
      known.unsent = null;
      known.onChange(known.draft);
    });
  }, [drafts]);

  if (!drafts) return { value, onChange: props.onChange };
  const onChange = (next: V) => {
    const known = own.current;
    setDraft(next);
    known.draft = next;
    known.sent.push(next);
    const scheduled = known.unsent !== null;
    known.unsent = { value: next };
    if (scheduled) return;
    afterPaint(() => {
      const last = known.unsent;
      known.unsent = null;
      if (last) startTransition(() => known.onChange(last.value));
    });
  };
  return { value: draft, onChange };
}
