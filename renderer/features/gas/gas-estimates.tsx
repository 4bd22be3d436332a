/**
 * The node's three gas price estimates, each with a one-line explanation and its unit (octas per
 * gas unit; 1 APT = 10^8 octas). The numbers are shown exactly as the API sends them.
 */
import type { ReactNode } from 'react';
import type { GasEstimateJson } from '../../api/types.ts';

/** The three estimates in display order, with what each one means. */
export const ESTIMATES: readonly {
  readonly key: keyof GasEstimateJson;
  readonly label: string;
  readonly explain: string;
}[] = [
  {
    key: 'deprioritized_gas_estimate',
    label: 'Low (deprioritized)',
    explain: 'Cheapest price likely to be included when the chain is not busy; may wait when blocks fill up.',
  },
  {
    key: 'gas_estimate',
    label: 'Market (gas_estimate)',
    explain: 'The price wallets use by default: enough to be included in the next blocks at current demand.',
  },
  {
    key: 'prioritized_gas_estimate',
    label: 'Aggressive (prioritized)',
    explain: 'A higher price that puts a transaction ahead of most others when blocks are full.',
  },
];

/** The three estimates as cards. */
export function GasEstimates({ estimate }: { readonly estimate: GasEstimateJson }): ReactNode {
  return (
    <dl className="gas-estimates" aria-label="Gas price estimates">
      {ESTIMATES.map((e) => (
        <div className="gas-estimate" key={e.key}>
          <dt>{e.label}</dt>
          <dd>
            <span className="gas-value" data-estimate={e.key}>
              {String(estimate[e.key])}
            </span>{' '}
            <span className="gas-unit">octas / gas unit</span>
            <p className="gas-explain">{e.explain}</p>
          </dd>
        </div>
      ))}
    </dl>
  );
}
