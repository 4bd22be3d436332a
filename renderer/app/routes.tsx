/**
 * The route table: every view is a real path (a deep link); state views honour `?ledger_version=N`.
 * Each route renders one feature folder's entry component; the views that need a ledger version sit
 * behind {@link LedgerVersionGate}. A transaction's page is not: it reads by the transaction's own version
 * (the API answers 404/410 past the ledger's window), so it needs no latest version to show.
 */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Frame } from '../features/frame/frame.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { AccountLayout } from '../features/account/account-layout.tsx';
import { ResourcesPanel } from '../features/resources/resources-panel.tsx';
import { EventsPanel } from '../features/events/events-panel.tsx';
import { TransactionsPanel } from '../features/transactions/transactions-panel.tsx';
import { AssetsPanel } from '../features/assets/assets-panel.tsx';
import { ActivityPanel } from '../features/activity/activity-panel.tsx';
import { ModulesPanel } from '../features/modules/modules-panel.tsx';
import { ComparePage } from '../features/compare/compare-page.tsx';
import { TablePanel } from '../features/tables/table-panel.tsx';
import { GasPanel } from '../features/gas/gas-panel.tsx';
import { InspectPage } from '../features/inspect/inspect-page.tsx';
import { BlocksPage } from '../features/blocks/blocks-page.tsx';
import { BlockPage } from '../features/blocks/block-page.tsx';
import { TransactionPage } from '../features/transaction/transaction-page.tsx';
import { TokensPanel } from '../features/tokens/tokens-panel.tsx';
import { AssetPage } from '../features/asset/asset-page.tsx';
import { LedgerVersionGate } from './ledger-version-gate.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** All routes of the explorer inside the frame. */
export function AppRoutes(): ReactNode {
  return (
    <Routes>
      <Route element={<Frame />}>
        <Route index element={<LandingPage />} />
        <Route element={<LedgerVersionGate />}>
          <Route path="accounts/:address" element={<AccountLayout />}>
            <Route index element={<ResourcesPanel />} />
            <Route path="resources" element={<ResourcesPanel />} />
            <Route path="events" element={<EventsPanel />} />
            <Route path="events/:creationNumber" element={<EventsPanel />} />
            <Route path="events/:structTag/:fieldName" element={<EventsPanel />} />
            <Route path="transactions" element={<TransactionsPanel />} />
            <Route path="assets" element={<AssetsPanel />} />
            <Route path="activity" element={<ActivityPanel />} />
            <Route path="tokens" element={<TokensPanel />} />
            <Route path="modules" element={<ModulesPanel />} />
            <Route path="compare" element={<ComparePage />} />
          </Route>
          <Route path="tables/:handle" element={<TablePanel />} />
          <Route path="blocks" element={<BlocksPage />} />
          <Route path="assets/:asset" element={<AssetPage />} />
        </Route>
        <Route path="blocks/:height" element={<BlockPage />} />
        <Route path="txn/:id" element={<TransactionPage />} />
        <Route path="gas" element={<GasPanel />} />
        <Route path="inspect" element={<InspectPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
