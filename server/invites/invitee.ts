/** Whether the person with this address may accept the invite: a link invite is anyone's, an email invite its address's only. */
export function inviteAcceptableBy(invite: { email: string | null }, email: string): boolean {
  return invite.email === null || invite.email === email.toLowerCase();
}
