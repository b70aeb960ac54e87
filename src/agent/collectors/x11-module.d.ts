/** The part of the `x11` package (node-x11, pure JavaScript X11 protocol client) the Linux collector uses. */
declare module 'x11' {
  type Cb<T> = (err: Error | null, value: T) => void
  export interface XProperty {
    type: number
    format: number
    bytesAfter: number
    data: Buffer
  }
  export interface ScreenSaverInfo {
    state: number
    window: number
    until: number
    idle: number
    kind: number
  }
  export interface ScreenSaverExt {
    QueryInfo(drawable: number, cb: Cb<ScreenSaverInfo>): void
  }
  export interface XClient {
    atoms: Record<string, number>
    InternAtom(onlyIfExists: boolean, name: string, cb: Cb<number>): void
    GetProperty(del: number, window: number, property: number, type: number, longOffset: number, longLength: number, cb: Cb<XProperty>): void
    require(extension: 'screen-saver', cb: Cb<ScreenSaverExt>): void
    terminate(): void
    on(event: 'error' | 'end' | 'close', listener: (e?: Error) => void): void
  }
  export interface XDisplay {
    client: XClient
    screen: { root: number }[]
  }
  export function createClient(options: { display?: string; xauthority?: string }, cb: Cb<XDisplay>): XClient
}
