/**
 * The route table: every view is a real path (a deep link); state views honour `?ledger_version=N`.
 * Each route renders one feature folder's entry component; the views that need a ledger version sit
 * behind {@link LedgerVersionGate}. All but the landing page and the account layout load on demand
 * (`lazy-routes.ts`). A transaction's page is not: it reads by the transaction's own version
 * (the API answers 404/410 past the ledger's window), so it needs no latest version to show.
 */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Frame } from '../features/frame/frame.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { AccountLayout } from '../features/account/account-layout.tsx';
import {
  ActivityPanel,
  AssetPage,
  AssetsPanel,
  BlockPage,
  BlocksPage,
  ComparePage,
  EventsPanel,
  GasPanel,
  InspectPage,
  ModulesPanel,
  ResourcesPanel,
  TablePanel,
  TokenPage,
  TokensPanel,
  TransactionPage,
  TransactionsPanel,
} from './lazy-routes.ts';
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
          <Route path="tokens/:token" element={<TokenPage />} />
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
