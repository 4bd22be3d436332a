/**
 * The shared transaction encoders (shared/bcs/): the execution status recovered from the node's `vm_status` text,
 * its BCS, the write set's order and op variants, and a signature scheme a snapshot does not encode.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { writeSetBcs } from '../../shared/bcs/ledger-bcs.ts';
import { transactionBcs } from '../../shared/bcs/transaction-bcs.ts';
import { executionStatusOf, writeExecutionStatus } from '../../shared/bcs/transaction-info-bcs.ts';
import { bytesToHex } from '../../shared/hex.ts';

const statusHex = (success: boolean, text: string): string =>
  bytesToHex(writeExecutionStatus(new BcsWriter(), executionStatusOf(success, text)).toBytes());

describe('ExecutionStatus from vm_status', () => {
  it('reads success, out of gas, Move aborts with and without their reason, and anything else', () => {
    expect(statusHex(true, 'Executed successfully')).toBe('0x00');
    expect(statusHex(false, 'Out of gas')).toBe('0x01');
    const abort = executionStatusOf(
      false,
      'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction',
    );
    expect(abort).toEqual({
      kind: 'move_abort',
      module: { address: parseAddress('0x1'), name: 'coin' },
      code: 0x10006n,
      info: { reasonName: 'EINSUFFICIENT_BALANCE', description: 'Not enough coins to complete transaction' },
    });
    const expected = new BcsWriter().variantIndex(2).variantIndex(0).address(parseAddress('0x1')).string('coin');
    expected.u64(0x10006n).u8(1).string('EINSUFFICIENT_BALANCE').string('Not enough coins to complete transaction');
    expect(bytesToHex(writeExecutionStatus(new BcsWriter(), abort).toBytes())).toBe(bytesToHex(expected.toBytes()));
    const bare = new BcsWriter().variantIndex(2).variantIndex(0).address(parseAddress('0xcafe')).string('m');
    expect(statusHex(false, 'Move abort in 0xcafe::m: 0x2a')).toBe(bytesToHex(bare.u64(42).u8(0).toBytes()));
    expect(statusHex(false, 'Execution failed in 0x1::m::f at code offset 3')).toBe('0x0400');
  });
});

describe('WriteSet', () => {
  it('is V0 of a map sorted by state-key bytes: Creation 0, Modification 1 with bytes, Deletion 2', () => {
    const bytes = writeSetBcs([
      { stateKey: Uint8Array.of(2, 1), value: null, existed: true },
      { stateKey: Uint8Array.of(1, 9), value: Uint8Array.of(7), existed: true },
      { stateKey: Uint8Array.of(1), value: Uint8Array.of(5, 6), existed: false },
    ]);
    expect(bytesToHex(bytes)).toBe('0x0003' + '01' + '00020506' + '0109' + '010107' + '0201' + '02');
  });
});

describe('Transaction', () => {
  it('is not encoded for a signature scheme a snapshot does not keep', () => {
    const fields = {
      sender: parseAddress('0x1'),
      sequenceNumber: 0n,
      payloadBcs: Uint8Array.of(2),
      maxGasAmount: 1n,
      gasUnitPrice: 1n,
      expirationTimestampSecs: 1n,
      chainId: 4,
    };
    expect(transactionBcs({ kind: 'user', fields: { ...fields, signature: { type: 'single_sender' } } })).toBe(
      undefined,
    );
    const signature = {
      type: 'ed25519_signature',
      public_key: `0x${'11'.repeat(32)}`,
      signature: `0x${'22'.repeat(64)}`,
    };
    const bytes = transactionBcs({ kind: 'user', fields: { ...fields, signature } })!;
    // Variant 0, sender, u64, payload, three u64, chain id, then Ed25519 (0) with 32- and 64-byte lengths.
    expect(bytes.length).toBe(1 + 32 + 8 + 1 + 24 + 1 + 1 + 33 + 65);
    expect(bytes[0]).toBe(0);
    expect(bytes[1 + 32 + 8 + 1 + 24 + 1]).toBe(0);
  });
});
