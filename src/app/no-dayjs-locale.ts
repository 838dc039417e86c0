// Stands in for `dayjs/locale/zh-cn` in Arco's zh-CN catalogue: dayjs-with-zh-cn.ts registers it
// with the components that draw dates.
export {};
