/**
 * A module's published source: the `source` of its entry in the account's `0x1::code::PackageRegistry` (gzip
 * bytes as hex, what `aptos move publish` stores unless told not to), decompressed in the browser
 * (renderer/lib/gunzip.ts). A package published without sources stores `0x`: then the tab says so.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { resourceAtQuery } from '../../api/queries/change-queries.ts';
import { DERIVED_KEYS } from '../../api/query-keys.ts';
import { hexToBytes } from '../../../shared/hex.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { gunzipText } from '../../lib/gunzip.ts';
import { plural } from '../../lib/plural.ts';

const PACKAGE_REGISTRY = '0x1::code::PackageRegistry';

interface PackageJson {
  readonly name?: string;
  readonly modules?: readonly { readonly name?: string; readonly source?: string }[];
}

/** The package holding `module` and the module's source hex ('0x' when unpublished), if the registry lists it. */
function findSource(data: unknown, module: string): { readonly pkg: string; readonly hex: string } | undefined {
  const packages = (data as { packages?: readonly PackageJson[] } | null)?.packages ?? [];
  for (const pkg of packages) {
    const entry = pkg.modules?.find((candidate) => candidate.name === module);
    if (entry !== undefined) return { pkg: pkg.name ?? '?', hex: entry.source ?? '0x' };
  }
  return undefined;
}

/** Props of {@link ModuleSource}. */
export interface ModuleSourceProps {
  readonly address: string;
  readonly module: string;
  readonly version: string | undefined;
}

/** The source section of one open module. */
export function ModuleSource({ address, module, version }: ModuleSourceProps): ReactNode {
  const registry = useQuery(resourceAtQuery(address, PACKAGE_REGISTRY, version));
  const found = registry.data === undefined ? undefined : findSource(registry.data?.data ?? null, module);
  const hex = found !== undefined && found.hex !== '0x' ? found.hex : undefined;
  const text = useQuery({
    queryKey: DERIVED_KEYS.moduleSource(address, module, version),
    queryFn: () => gunzipText(hexToBytes(hex!) as Uint8Array<ArrayBuffer>),
    enabled: hex !== undefined,
    staleTime: Infinity,
  });
  let body: ReactNode;
  if (registry.isPending) body = <LoadingView label="Reading the package registry…" />;
  else if (registry.isError) body = <ErrorView error={registry.error} onRetry={() => void registry.refetch()} />;
  else if (found === undefined) body = <p className="muted">No package in this account&apos;s registry lists it.</p>;
  else if (hex === undefined) body = <p className="muted">Package {found.pkg} was published without its source.</p>;
  else if (text.isPending) body = <LoadingView label="Decompressing the source…" />;
  else if (text.isError) body = <ErrorView error={`The published source is not gzip: ${text.error.message}`} />;
  else {
    const lines = text.data.split('\n').length;
    body = (
      <details className="module-source">
        <summary>
          Source of package {found.pkg} ({lines} {plural(lines, 'line')})
        </summary>
        <CopyButton text={text.data} label={`Copy the source of ${module}`} />
        <pre className="module-source-text" tabIndex={0} aria-label={`Source of ${address}::${module}`}>
          {text.data}
        </pre>
      </details>
    );
  }
  return (
    <>
      <h3>Source</h3>
      {body}
    </>
  );
}
