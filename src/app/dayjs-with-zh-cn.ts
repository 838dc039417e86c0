// Arco's date components (and Statistic) read dayjs through this module (vite.config.ts): it
// registers dayjs's zh-CN locale where dates are drawn, instead of Arco's zh-CN catalogue doing
// it on every page, dates or not (dayjs itself then loads only with a date component).
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

export default dayjs;
