import { describe, expect, it } from 'vitest';
import { confirmReminder, placeText } from './join-messages';

describe('placeText', () => {
  it("follows the server's earlyExplorer, not the position", () => {
    expect(placeText({ position: 1, earlyExplorer: true })).toBe("You're Explorer #1");
    // A place given back (unconfirmed) lets a later position in among the explorers.
    expect(placeText({ position: 130, earlyExplorer: true })).toBe("You're Explorer #130");
    expect(placeText({ position: 42, earlyExplorer: false })).toBe("You're #42 on the wait-list");
  });
});

describe('confirmReminder', () => {
  it('asks a newcomer to confirm from the e-mail just sent, and one who joined before to confirm if not yet', () => {
    expect(confirmReminder(false)).toBe(
      'Check your inbox and confirm your address to keep your spot; invites count once your friends confirm theirs.',
    );
    expect(confirmReminder(true)).toMatch(/^If you haven't yet, confirm your address/);
  });
});
