/** A transaction of the captured window the capture cannot keep in full, and why (it stays a summary). */
export class NotKept extends Error {
  override readonly name = 'NotKept';
}
