#!/usr/bin/env node
import { createTrailBuddyApp } from './trailbuddy-app';

// The CDK CLI synthesizes the app when this process exits.
createTrailBuddyApp();
