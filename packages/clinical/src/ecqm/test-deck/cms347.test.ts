import { describeTestDeck } from '../testing/test-deck';

describeTestDeck('CMS347');
