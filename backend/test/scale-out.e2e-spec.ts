/** The scale-out run (scale-out-scenario.ts) with every process connected to PostgreSQL directly. */
import { describeScaleOut } from './scale-out-scenario.js';

describeScaleOut('three worker processes on one PostgreSQL and Redis');
