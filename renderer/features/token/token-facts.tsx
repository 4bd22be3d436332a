/**
 * A token's data and its collection as the indexer keeps them (`current_token_datas_v2`, `current_collections_v2`):
 * name, description, URI as text (never loaded: no remote image or script runs on this origin), supply and
 * maximum, properties as JSON text; the collection's name, its object and its creator as links.
 */
import type { ReactNode } from 'react';
import type { TokenCollectionRow, TokenDataRow } from '../../api/queries/token-page-queries.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { VersionLink } from '../../components/version-link.tsx';

/** A text cell: the text, or a dash when empty. */
function text(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : value;
}

/**
 * A count the indexer may leave unset. Hasura's JSON sends a `numeric` as a JSON number with every digit; the
 * GraphQL request keeps one beyond 2^53 as its text (renderer/api/client.ts, `exactNumbers`). Where the platform's
 * JSON.parse cannot give the source text the number is a rounded double: marked approximate, never shown with
 * made-up digits.
 */
function count(value: string | number | null): string {
  if (value === null) return 'not set';
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return `≈ ${value.toPrecision(6)} (approximate)`;
  return String(value);
}

/** The properties as JSON text, or "none" for an empty map. */
function propertiesText(properties: unknown): string {
  const value: unknown = typeof properties === 'string' ? safeParse(properties) : properties;
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'object' && Object.keys(value).length === 0) return 'none';
  return JSON.stringify(value, null, 2);
}

/** JSON text parsed, or the text itself where it is not JSON. */
function safeParse(textValue: string): unknown {
  try {
    return JSON.parse(textValue) as unknown;
  } catch {
    return textValue;
  }
}

/** One fact of a list. */
function Fact({ term, children, mono }: { term: string; children: ReactNode; mono?: boolean }): ReactNode {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={mono === true ? 'mono' : undefined}>{children}</dd>
    </div>
  );
}

/** The token's own facts. */
export function TokenFacts({ token }: { readonly token: TokenDataRow }): ReactNode {
  return (
    <dl className="token-facts" aria-label="Token data">
      <Fact term="Name">
        <span data-field="name">{text(token.token_name)}</span>
      </Fact>
      <Fact term="Description">
        <span data-field="description">{text(token.description)}</span>
      </Fact>
      <Fact term="URI (not loaded)" mono>
        <span className="token-uri" data-field="uri">
          {text(token.token_uri)}
        </span>
      </Fact>
      <Fact term="Standard">{token.token_standard === 'v1' ? 'token v1 (table)' : 'digital asset (v2 object)'}</Fact>
      <Fact term="Supply" mono>
        <span data-field="supply">{count(token.supply)}</span>
      </Fact>
      <Fact term="Maximum" mono>
        <span data-field="maximum">{count(token.maximum)}</span>
      </Fact>
      <Fact term="Token object">
        <AddressLink address={token.token_data_id} />
      </Fact>
      <Fact term="Last changed at">
        <VersionLink version={String(token.last_transaction_version)} noPin />
      </Fact>
      {token.is_deleted_v2 === true && <Fact term="Burned">yes: the token object was deleted</Fact>}
      <div className="token-properties">
        <dt>Properties</dt>
        <dd>
          <pre className="mono" data-field="properties">
            {propertiesText(token.token_properties)}
          </pre>
        </dd>
      </div>
    </dl>
  );
}

/** The collection's facts, with its object and creator as links. */
export function CollectionFacts({ collection }: { readonly collection: TokenCollectionRow }): ReactNode {
  return (
    <dl className="token-facts" aria-label="Collection">
      <Fact term="Name">
        <span data-field="collection-name">{text(collection.collection_name)}</span>
      </Fact>
      <Fact term="Collection object">
        <span data-field="collection-id">
          <AddressLink address={collection.collection_id} />
        </span>
      </Fact>
      <Fact term="Creator">
        <span data-field="creator">
          <AddressLink address={collection.creator_address} />
        </span>
      </Fact>
      <Fact term="Description">{text(collection.description)}</Fact>
      <Fact term="URI (not loaded)" mono>
        <span className="token-uri">{text(collection.uri)}</span>
      </Fact>
      <Fact term="Supply" mono>
        <span data-field="collection-supply">
          {count(collection.current_supply)} of{' '}
          {collection.max_supply === null ? 'unlimited' : count(collection.max_supply)}
        </span>
      </Fact>
    </dl>
  );
}
