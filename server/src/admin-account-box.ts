/** The first admin's credentials framed in a box, so they stand out on the console. */
export function adminAccountBox(email: string, password: string): string {
  const lines = [
    'Admin account created. Note the password now: it is shown only once.',
    '',
    `email:    ${email}`,
    `password: ${password}`,
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [
    `  ┌${rule}┐`,
    ...lines.map((line) => `  │ ${line.padEnd(width)} │`),
    `  └${rule}┘`,
    '',
  ].join('\n');
}
