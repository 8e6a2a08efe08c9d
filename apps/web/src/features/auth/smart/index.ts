export {
  EHR_LAUNCH_BINDING_KEY,
  EhrLaunchError,
  completeEhrLaunch,
  runEhrLaunch,
  startEhrLaunchFlow,
  toEhrLaunchError,
  type LaunchPage,
  type SmartEnvironment,
} from './smart-launch';
export { ehrLaunchRequestIn, isEhrLaunchAnswer, isEhrLaunchPath, type EhrLaunchRequest } from './smart-rules';
