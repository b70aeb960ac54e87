import type { TObject } from '@sinclair/typebox'

/** One catalogue entry: what causes the event and the schema of its `data` payload. */
export interface EventSpec<P extends TObject = TObject> {
  description: string
  payload: P
}

export const spec = <P extends TObject>(description: string, payload: P): EventSpec<P> => ({ description, payload })
