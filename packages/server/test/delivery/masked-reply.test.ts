import { describe, expect, it } from 'vitest';
import { maskedReply } from '../../src/delivery/delivery-error.js';

/** What a provider's reply keeps when it is logged: its codes and words, never a person's address or a secret it echoes. */
describe('a provider reply, as logged', () => {
  it('keeps the status codes and masks addresses, numbers, links and passcodes', () => {
    const reply =
      "550 5.1.1 <ada@example.com>: mailbox unavailable; message 'Your code is 482913' to +1 (650) 253-0000 refused, see https://mail.example.com/x?token=abc123";
    expect(maskedReply(reply)).toBe("550 5.1.1 <<address>>: mailbox unavailable; message 'Your code is <digits>' to <number> refused, see <link>");
  });
});
