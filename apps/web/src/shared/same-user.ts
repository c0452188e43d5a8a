/**
 * Whether a record's user column (an e-mail the report answers: who imported a file, who held a
 * payout) names the signed-in user, compared without case as sign-in compares e-mails. The four-eyes
 * desks use it to show a command disabled with its reason before anyone types a note; the server
 * decides again (403 PERM403).
 */
export function isSignedInUser(value: unknown, email: string | undefined): boolean {
  return typeof value === 'string' && value !== '' && email !== undefined && value.toLowerCase() === email.toLowerCase();
}
