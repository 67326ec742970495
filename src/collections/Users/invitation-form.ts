/**
 * What the admin's form for a new account sends as its password. Payload's create form always
 * shows and requires its password fields; src/components/admin/InvitationNotice.tsx hides them and
 * fills them with this, which stands for "none": the account gets a generated password that nobody
 * knows (password-link.ts), and the invitee chooses theirs from the invitation. Kept apart from the
 * hooks so that the admin's browser code can import it.
 */
export const INVITATION_PASSWORD_PLACEHOLDER = 'chosen-by-the-invitee-from-the-invitation'

/** The form paths of Payload's password fields on an account's create form. */
export const CREATE_FORM_PASSWORD_PATHS = ['password', 'confirm-password'] as const
