/**
 * G2 for the charts the registry draws (line, area, column, bar, pie, donut), standing in for
 * `@antv/g2`'s own entry (vite.config.ts points `@antv/g2` here). G2's entry registers every
 * renderer, geometry, facet, component and interaction it has, as side effects, so none of it
 * tree-shakes away. This file registers, from G2's own modules and in the order of G2 4.2's
 * `esm/index.js`, what these charts use: the canvas renderer; the interval, line, point, area
 * and path geometries with their shapes; every label, label layout but one, and animation; axes,
 * legends, tooltips and annotations; and the interactions a chart starts with (G2's defaults,
 * plus the hover effects G2Plot's column, bar and pie switch on). Left out: the SVG renderer,
 * facets, slider, scrollbar, the other geometries, the selection, brush, mask, zoom and drag
 * interactions, and the `hide-overlap` label layout (only G2Plot's sankey asks for it, and its
 * module starts a web worker as it loads), which no descriptor can ask for (charts/options.ts
 * fixes every option). The dark theme loads on its own (dark-theme.ts).
 */
import * as CanvasEngine from '@antv/g-canvas';
import { fadeIn, fadeOut } from '@antv/g2/esm/animate/animation/fade';
import { growInX, growInXY, growInY } from '@antv/g2/esm/animate/animation/grow-in';
import { pathIn } from '@antv/g2/esm/animate/animation/path-in';
import { positionUpdate } from '@antv/g2/esm/animate/animation/position-update';
import { scaleInX, scaleInY } from '@antv/g2/esm/animate/animation/scale-in';
import { sectorPathUpdate } from '@antv/g2/esm/animate/animation/sector-path-update';
import { waveIn } from '@antv/g2/esm/animate/animation/wave-in';
import { zoomIn, zoomOut } from '@antv/g2/esm/animate/animation/zoom';
import Annotation from '@antv/g2/esm/chart/controller/annotation';
import Axis from '@antv/g2/esm/chart/controller/axis';
import Legend from '@antv/g2/esm/chart/controller/legend';
import Tooltip from '@antv/g2/esm/chart/controller/tooltip';
import {
  registerAction,
  registerAnimation,
  registerComponentController,
  registerEngine,
  registerGeometry,
  registerGeometryLabel,
  registerGeometryLabelLayout,
  registerInteraction,
} from '@antv/g2/esm/core';
import Area from '@antv/g2/esm/geometry/area';
import Interval from '@antv/g2/esm/geometry/interval';
import GeometryLabel from '@antv/g2/esm/geometry/label/base';
import IntervalLabel from '@antv/g2/esm/geometry/label/interval';
import { adjustColor } from '@antv/g2/esm/geometry/label/layout/adjust-color';
import { intervalAdjustPosition } from '@antv/g2/esm/geometry/label/layout/interval/adjust-position';
import { intervalHideOverlap } from '@antv/g2/esm/geometry/label/layout/interval/hide-overlap';
import { limitInCanvas } from '@antv/g2/esm/geometry/label/layout/limit-in-canvas';
import { limitInPlot } from '@antv/g2/esm/geometry/label/layout/limit-in-plot';
import { limitInShape } from '@antv/g2/esm/geometry/label/layout/limit-in-shape';
import { fixedOverlap, overlap } from '@antv/g2/esm/geometry/label/layout/overlap';
import { pathAdjustPosition } from '@antv/g2/esm/geometry/label/layout/path/adjust-position';
import { distribute } from '@antv/g2/esm/geometry/label/layout/pie/distribute';
import { pieOuterLabelLayout } from '@antv/g2/esm/geometry/label/layout/pie/outer';
import { pieSpiderLabelLayout } from '@antv/g2/esm/geometry/label/layout/pie/spider';
import { pointAdjustPosition } from '@antv/g2/esm/geometry/label/layout/point/adjust-position';
import PieLabel from '@antv/g2/esm/geometry/label/pie';
import PolarLabel from '@antv/g2/esm/geometry/label/polar';
import Line from '@antv/g2/esm/geometry/line';
import Path from '@antv/g2/esm/geometry/path';
import Point from '@antv/g2/esm/geometry/point';
import '@antv/g2/esm/geometry/shape/area/line';
import '@antv/g2/esm/geometry/shape/area/smooth';
import '@antv/g2/esm/geometry/shape/area/smooth-line';
import '@antv/g2/esm/geometry/shape/interval/hollow-rect';
import '@antv/g2/esm/geometry/shape/interval/line';
import '@antv/g2/esm/geometry/shape/line/step';
import '@antv/g2/esm/geometry/shape/point/hollow';
import '@antv/g2/esm/geometry/shape/point/solid';
import ActiveRegion from '@antv/g2/esm/interaction/action/active-region';
import AxisDescription from '@antv/g2/esm/interaction/action/component/axis/axis-description';
import ListActive from '@antv/g2/esm/interaction/action/component/list-active';
import ListFocus from '@antv/g2/esm/interaction/action/component/list-focus';
import ListHighlight from '@antv/g2/esm/interaction/action/component/list-highlight';
import ListRadio from '@antv/g2/esm/interaction/action/component/list-radio';
import ListUnchecked from '@antv/g2/esm/interaction/action/component/list-unchecked';
import EllipsisTextAction from '@antv/g2/esm/interaction/action/component/tooltip/ellipsis-text';
import TooltipAction from '@antv/g2/esm/interaction/action/component/tooltip/geometry';
import CursorAction from '@antv/g2/esm/interaction/action/cursor';
import DataFilter from '@antv/g2/esm/interaction/action/data/filter';
import ElementActive from '@antv/g2/esm/interaction/action/element/active';
import ElementHighlight from '@antv/g2/esm/interaction/action/element/highlight';

// G2's parameter types are narrower than its registries' (its own entry is JavaScript): these
// widen a few of its functions and actions to what the registries take, as G2 itself does.
type LabelLayout = Parameters<typeof registerGeometryLabelLayout>[1];
type Animation = Parameters<typeof registerAnimation>[1];
type ActionClass = Parameters<typeof registerAction>[1];

registerEngine('canvas', CanvasEngine);

registerGeometry('Interval', Interval);
registerGeometry('Path', Path);
registerGeometry('Point', Point);
registerGeometry('Line', Line);
registerGeometry('Area', Area);

registerGeometryLabel('base', GeometryLabel);
registerGeometryLabel('interval', IntervalLabel);
registerGeometryLabel('pie', PieLabel);
registerGeometryLabel('polar', PolarLabel);

registerGeometryLabelLayout('overlap', overlap);
registerGeometryLabelLayout('distribute', distribute);
registerGeometryLabelLayout('fixed-overlap', fixedOverlap);
registerGeometryLabelLayout('limit-in-shape', limitInShape);
registerGeometryLabelLayout('limit-in-canvas', limitInCanvas);
registerGeometryLabelLayout('limit-in-plot', limitInPlot);
registerGeometryLabelLayout('pie-outer', pieOuterLabelLayout);
registerGeometryLabelLayout('adjust-color', adjustColor);
registerGeometryLabelLayout('interval-adjust-position', intervalAdjustPosition as LabelLayout);
registerGeometryLabelLayout('interval-hide-overlap', intervalHideOverlap);
registerGeometryLabelLayout('point-adjust-position', pointAdjustPosition as LabelLayout);
registerGeometryLabelLayout('pie-spider', pieSpiderLabelLayout);
registerGeometryLabelLayout('path-adjust-position', pathAdjustPosition as LabelLayout);

registerAnimation('fade-in', fadeIn);
registerAnimation('fade-out', fadeOut);
registerAnimation('grow-in-x', growInX);
registerAnimation('grow-in-xy', growInXY);
registerAnimation('grow-in-y', growInY);
registerAnimation('scale-in-x', scaleInX);
registerAnimation('scale-in-y', scaleInY);
registerAnimation('wave-in', waveIn);
registerAnimation('zoom-in', zoomIn);
registerAnimation('zoom-out', zoomOut);
registerAnimation('position-update', positionUpdate as Animation);
registerAnimation('sector-path-update', sectorPathUpdate as Animation);
registerAnimation('path-in', pathIn as Animation);

registerComponentController('axis', Axis);
registerComponentController('legend', Legend);
registerComponentController('tooltip', Tooltip);
registerComponentController('annotation', Annotation);

registerAction('tooltip', TooltipAction);
registerAction('ellipsis-text', EllipsisTextAction);
registerAction('element-active', ElementActive);
registerAction('element-highlight', ElementHighlight);
registerAction('active-region', ActiveRegion);
registerAction('list-active', ListActive as ActionClass);
registerAction('list-unchecked', ListUnchecked as ActionClass);
registerAction('list-focus', ListFocus as ActionClass);
registerAction('list-radio', ListRadio as ActionClass);
registerAction('legend-item-highlight', ListHighlight as ActionClass, { componentNames: ['legend'] });
registerAction('axis-description', AxisDescription);
registerAction('cursor', CursorAction);
registerAction('data-filter', DataFilter);

const TOOLTIP_THROTTLE = { wait: 50, leading: true, trailing: false };

registerInteraction('tooltip', {
  start: [
    { trigger: 'plot:mousemove', action: 'tooltip:show', throttle: TOOLTIP_THROTTLE },
    { trigger: 'plot:touchmove', action: 'tooltip:show', throttle: TOOLTIP_THROTTLE },
  ],
  end: [
    { trigger: 'plot:mouseleave', action: 'tooltip:hide' },
    { trigger: 'plot:leave', action: 'tooltip:hide' },
    { trigger: 'plot:touchend', action: 'tooltip:hide' },
  ],
});
registerInteraction('ellipsis-text', {
  start: [
    { trigger: 'legend-item-name:mousemove', action: 'ellipsis-text:show', throttle: TOOLTIP_THROTTLE },
    { trigger: 'legend-item-name:touchstart', action: 'ellipsis-text:show', throttle: TOOLTIP_THROTTLE },
    { trigger: 'axis-label:mousemove', action: 'ellipsis-text:show', throttle: TOOLTIP_THROTTLE },
    { trigger: 'axis-label:touchstart', action: 'ellipsis-text:show', throttle: TOOLTIP_THROTTLE },
  ],
  end: [
    { trigger: 'legend-item-name:mouseleave', action: 'ellipsis-text:hide' },
    { trigger: 'legend-item-name:touchend', action: 'ellipsis-text:hide' },
    { trigger: 'axis-label:mouseleave', action: 'ellipsis-text:hide' },
    { trigger: 'axis-label:mouseout', action: 'ellipsis-text:hide' },
    { trigger: 'axis-label:touchend', action: 'ellipsis-text:hide' },
  ],
});
registerInteraction('element-active', {
  start: [{ trigger: 'element:mouseenter', action: 'element-active:active' }],
  end: [{ trigger: 'element:mouseleave', action: 'element-active:reset' }],
});
registerInteraction('legend-active', {
  start: [{ trigger: 'legend-item:mouseenter', action: ['list-active:active', 'element-active:active'] }],
  end: [{ trigger: 'legend-item:mouseleave', action: ['list-active:reset', 'element-active:reset'] }],
});
registerInteraction('legend-filter', {
  showEnable: [
    { trigger: 'legend-item:mouseenter', action: ['cursor:pointer', 'list-radio:show'] },
    { trigger: 'legend-item:mouseleave', action: ['cursor:default', 'list-radio:hide'] },
  ],
  start: [
    {
      trigger: 'legend-item:click',
      isEnable: (context: { isInShape: (name: string) => boolean }) =>
        !context.isInShape('legend-item-radio'),
      action: [
        'legend-item-highlight:reset',
        'element-highlight:reset',
        'list-unchecked:toggle',
        'data-filter:filter',
        'list-radio:show',
      ],
    },
    { trigger: 'legend-item-radio:mouseenter', action: ['list-radio:showTip'] },
    { trigger: 'legend-item-radio:mouseleave', action: ['list-radio:hideTip'] },
    {
      trigger: 'legend-item-radio:click',
      action: ['list-focus:toggle', 'data-filter:filter', 'list-radio:show'],
    },
  ],
});
registerInteraction('continuous-filter', {
  start: [{ trigger: 'legend:valuechanged', action: 'data-filter:filter' }],
});
registerInteraction('active-region', {
  start: [{ trigger: 'plot:mousemove', action: 'active-region:show' }],
  end: [{ trigger: 'plot:mouseleave', action: 'active-region:hide' }],
});
registerInteraction('axis-description', {
  start: [{ trigger: 'axis-description:mousemove', action: 'axis-description:show' }],
  end: [{ trigger: 'axis-description:mouseleave', action: 'axis-description:hide' }],
});

export { VIEW_LIFE_CIRCLE } from '@antv/g2/esm/constant';
export * from '@antv/g2/esm/core';
