import { fileExtension, REPORT_FILE_PREFIX, REPORT_TYPE_LABELS, type ExportFormat } from '@common/analytics';
import type { Report } from '@common/contract/reports';
import { formatDayRange } from '@common/day-format';
import { approvalsFilePart } from './approval-figures';
import type { ExportFile } from './export-runner';
import { fileNamePart, type FilePart } from './file-writers';

/**
 * The report's headline figures as one row whose every cell is a number of its own kind (counts,
 * lira, percent, minutes), so Excel sums and formats them; a figure that cannot be computed is an
 * empty cell, not the text 'N/A'.
 */
export function summaryFilePart(report: Report): FilePart {
  return {
    name: 'Özet',
    columns: [
      { key: 'totalRequests', label: 'Toplam Talep', kind: 'int' },
      { key: 'completedRequests', label: 'Tamamlanan', kind: 'int' },
      { key: 'totalAmount', label: 'Toplam Tutar', kind: 'money' },
      { key: 'completionRate', label: 'Tamamlanma Oranı (%)', kind: 'percent' },
      { key: 'successRate', label: 'Başarı Oranı (%)', kind: 'percent' },
      { key: 'averageProcessingTime', label: 'Ortalama İşlem Süresi (dk)', kind: 'minutes' },
      { key: 'medianProcessingTime', label: 'Medyan İşlem Süresi (dk)', kind: 'minutes' },
      { key: 'p90ProcessingTime', label: 'P90 İşlem Süresi (dk)', kind: 'minutes' },
      { key: 'dailyAverage', label: 'Günlük Ortalama Talep', kind: 'decimal' },
      { key: 'requeueCount', label: 'Tekrar Sıraya Alınan', kind: 'int' },
    ],
    rows: [[{
      totalRequests: report.totalRequests,
      completedRequests: report.completedRequests,
      totalAmount: report.totalAmount,
      completionRate: report.completionRate,
      successRate: report.successRate,
      averageProcessingTime: report.averageProcessingTime,
      medianProcessingTime: report.medianProcessingTime,
      p90ProcessingTime: report.p90ProcessingTime,
      dailyAverage: report.dailyAverage,
      requeueCount: report.requeueCount,
    }]],
  };
}

/** A report as a file: the summary, the approvals and the report's own parts, one sheet (CSV block) each. */
export function reportFile(report: Report, format: ExportFormat, timeZone: string): ExportFile {
  const { project, period, type } = report;
  return {
    format,
    fileName: `${REPORT_FILE_PREFIX[type]}-${fileNamePart(project.code)}-${fileNamePart(period.label)}.${fileExtension(format)}`,
    title: `${project.name} (${project.code}) — ${REPORT_TYPE_LABELS[type]} — ${formatDayRange(period)}`,
    timeZone,
    parts: [summaryFilePart(report), approvalsFilePart(report.approvals), ...report.parts.map((p) => ({ name: p.title, columns: p.columns, rows: [p.rows] }))],
  };
}
