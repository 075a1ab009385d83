/**
 * What every benchmarked server process answers its parent over IPC (not HTTP, so it adds no route
 * to the servers measured): its resident memory, the CPU time of all its threads so far (argon2 runs
 * on libuv's pool, not the main thread), and the last passcode or link emailed to an address (the
 * benchmark signs in as a user would, reading the mailbox, once).
 */
export function answerParent(mailbox) {
  process.on('message', (message) => {
    if (message.type === 'memory') process.send({ id: message.id, rss: process.memoryUsage().rss });
    if (message.type === 'cpu') process.send({ id: message.id, cpu: process.cpuUsage() });
    if (message.type === 'mail') {
      // Read once, then let go: every sign-in mails a new address, and a mailbox that kept them all grew the server measured.
      const to = message.to.toLowerCase();
      process.send({ id: message.id, text: mailbox.get(to) ?? null });
      mailbox.delete(to);
    }
  });
  process.on('disconnect', () => process.exit(0));
}
