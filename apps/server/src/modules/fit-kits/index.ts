export { FIT_RESULT_CODES, isFitResultCode } from './fit-result-codes';
export { matchFitResults, type MatchedKit } from './fit-result-matching';
export { readResultWord, type FitResultReading } from './fit-result-reading';
