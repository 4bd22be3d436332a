/** The path of an asset's page (renderer/features/asset/asset-page.tsx), for the features that link to it. */

/** `/assets/{metadata address or coin type}`: a coin type's `::` kept readable, the rest (`<`, `>`, `,`) encoded. */
export function assetPath(asset: string): string {
  return `/assets/${encodeURIComponent(asset).replace(/%3A/g, ':')}`;
}
