/** @jsxImportSource @kitajs/html */

/**
 * A uPlot chart (drawn by the console's script from the data attributes) with its figure caption.
 * One bar series (`values`) or several line series (`series`, each with a label and colour); the
 * same numbers are always in a table next to it, which `description` says for screen readers.
 */
export function Chart(
  props: {
    labels: string[]
    description: string
    caption: string
    unit?: string
  } & ({ values: number[] } | { series: { label: string; color: string; values: number[] }[] }),
): JSX.Element {
  return (
    <figure
      class="chart"
      data-chart=""
      data-unit={props.unit ?? 'hours'}
      data-labels={JSON.stringify(props.labels)}
      data-values={'values' in props ? JSON.stringify(props.values) : undefined}
      data-series={'series' in props ? JSON.stringify(props.series) : undefined}
    >
      <div data-chart-canvas="" role="img" aria-label={props.description}></div>
      <figcaption class="muted" safe>
        {props.caption}
      </figcaption>
    </figure>
  )
}
