/**
 * "Jump to height": a small form that restarts the blocks list at a height (`?height=N`, a deep link).
 * Anything but a decimal number is refused in place, before the URL changes.
 */
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** Props of {@link JumpToHeight}. */
export interface JumpToHeightProps {
  /** The height the list starts at now (the field's initial text), if jumped to. */
  readonly current: string | undefined;
  onJump(height: string): void;
}

/** The form. */
export function JumpToHeight({ current, onJump }: JumpToHeightProps): ReactNode {
  const [text, setText] = useState(current ?? '');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const height = text.trim();
    if (!isU64Text(height)) {
      setProblem('A block height is a decimal number.');
      return;
    }
    setProblem(undefined);
    onJump(BigInt(height).toString());
  };
  return (
    <form className="jump-to-height" onSubmit={submit} role="search" aria-label="Jump to a block height">
      <label htmlFor={`${id}-height`}>Jump to height</label>
      <input
        id={`${id}-height`}
        className="mono"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        aria-invalid={problem !== undefined}
        aria-describedby={problem === undefined ? undefined : `${id}-problem`}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Go</button>
      {problem !== undefined && (
        <span id={`${id}-problem`} className="inline-error" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
