//! Placeholder: the 2048 slide-and-merge rule shared by boj12100 and boj28489.
