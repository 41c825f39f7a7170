/** "No clear outcome" as a player reports it or an admin decides it (submit-result, call, admin-resolve)… */
export const NO_CLEAR_OUTCOME = 'NO_CLEAR_OUTCOME';
/** …and as a bet then records it in its reports, its call and its final result. */
export const NO_CLEAR_OUTCOME_RESULT = 'no_clear_outcome';
