// What other features and the app may use of this feature (docs/decisions/018-layers.md). The
// router loads roadmap-page.tsx on its own, so the page stays out of the first screen's code.
export { RoadmapPage } from './roadmap-page.tsx';
