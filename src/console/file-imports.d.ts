/// <reference types="@kitajs/html/jsx.d.ts" />
/// <reference types="@kitajs/html/htmx.d.ts" />
// Files imported `with { type: 'file' }` (src/console/assets.ts): Bun gives their path, embedded in a compiled binary.
declare module 'htmx.org/dist/htmx.min.js' {
  const path: string
  export default path
}
declare module '*.css' {
  const path: string
  export default path
}
declare module '*.svg' {
  const path: string
  export default path
}
declare module '*/assets/console.js' {
  const path: string
  export default path
}
declare module '*/assets/sw.js' {
  const path: string
  export default path
}
// console-people: uPlot and the chart script.
declare module 'uplot/dist/uPlot.iife.min.js' {
  const path: string
  export default path
}
declare module '*/assets/charts.js' {
  const path: string
  export default path
}
