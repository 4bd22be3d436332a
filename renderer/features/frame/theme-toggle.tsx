/** The theme switch of the header: System, Light, Dark as one group of pressed-state buttons. */
import type { ReactNode } from 'react';
import { THEMES, type Theme } from '../../../shared/ipc-contract.ts';
import { useTheme } from './use-theme.ts';

const LABELS: { readonly [K in Theme]: string } = { system: 'System', light: 'Light', dark: 'Dark' };

/** Three buttons choosing the theme; the chosen one is pressed. */
export function ThemeToggle(): ReactNode {
  const [theme, setTheme] = useTheme();
  return (
    <div className="theme-toggle" role="group" aria-label="Theme">
      {THEMES.map((choice) => (
        <button key={choice} type="button" aria-pressed={theme === choice} onClick={() => setTheme(choice)}>
          {LABELS[choice]}
        </button>
      ))}
    </div>
  );
}
