/**
 * Stands in for Arco's ResizeBox where Layout.Sider imports it (see vite.config.ts). The sider
 * renders ResizeBox only when given `resizeDirections` or `resizeBoxProps.directions`, which
 * the app's sider never is; otherwise it renders a plain `aside`, which this is. Arco's Menu
 * imports the Layout module, so without this every signed-in page carried ResizeBox and its icons.
 */
export default 'aside';
