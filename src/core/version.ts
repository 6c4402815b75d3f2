export const VERSION: string = __RECRUIT_VERSION__;
