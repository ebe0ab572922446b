import { useEffect, useRef } from 'react';
import {
  ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useThemeStore } from '@web/stores/theme-store';

Chart.register(ArcElement, BarController, BarElement, CategoryScale, DoughnutController, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

/** The five-colour palette of the status doughnut, also used for the series. */
export const PALETTE = ['#6366f1', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'] as const;

/** §2.8: every chart's legend at the top. */
const LEGEND_POSITION = 'top';

export interface ChartSeries {
  label: string;
  data: number[];
}

interface ChartCanvasProps {
  type: 'line' | 'bar' | 'doughnut';
  /** Accessible name of the chart; the same figures sit in a visually hidden table. */
  title: string;
  labels: string[];
  series: ChartSeries[];
}

/**
 * One Chart.js chart with its legend at the top, coloured for the light or dark theme, and
 * its figures in a visually hidden table for screen readers.
 */
export function ChartCanvas({ type, title, labels, series }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useThemeStore((s) => s.theme === 'dark');
  useEffect(() => {
    if (!canvas.current) return;
    const text = dark ? '#d4d4d8' : '#3f3f46';
    const grid = dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)';
    const config: ChartConfiguration = {
      type,
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.data,
          backgroundColor: type === 'doughnut' ? [...PALETTE] : `${PALETTE[i % PALETTE.length]}cc`,
          borderColor: type === 'doughnut' ? (dark ? '#18181b' : '#ffffff') : PALETTE[i % PALETTE.length],
          tension: 0.3,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { position: LEGEND_POSITION, labels: { color: text } } },
        scales: type === 'doughnut' ? {} : { x: { ticks: { color: text }, grid: { color: grid } }, y: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } } },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [type, labels, series, dark]);
  return (
    <figure className="flex flex-col gap-2" data-legend-position={LEGEND_POSITION}>
      <div className="relative h-64">
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Etiket</th>
            {series.map((s) => (
              <th key={s.label} scope="col">{s.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.label}>{s.data[i] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
