/** The terminal log files' texts (issue 30 item 3) in en, ms and zh; they join the catalogues with the report page. */
import { addScreenTexts } from '../../i18n/index.ts';

export const LOG_FILE_TEXTS = {
  en: {
    'logFile.download': 'Download log file',
    'logFile.downloaded': 'Saved {{name}}',
    'logFile.size': '{{name}} · {{size}} bytes',
  },
  ms: {
    'logFile.download': 'Muat turun fail log',
    'logFile.downloaded': '{{name}} disimpan',
    'logFile.size': '{{name}} · {{size}} bait',
  },
  zh: {
    'logFile.download': '下载日志文件',
    'logFile.downloaded': '已保存 {{name}}',
    'logFile.size': '{{name}} · {{size}} 字节',
  },
} as const;

addScreenTexts(LOG_FILE_TEXTS);
