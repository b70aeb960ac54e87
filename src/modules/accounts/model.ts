import { t } from 'elysia'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './sign-in'

export const Password = t.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  description: `The new password: ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
})
export const LinkToken = t.String({ minLength: 20, maxLength: 200, description: 'The token of the link' })
