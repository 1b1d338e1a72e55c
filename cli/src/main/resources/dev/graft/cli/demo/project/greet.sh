#!/usr/bin/env bash
# Prints a greeting for the name given as the first argument.
greet() {
  echo "Helo, $1!"
}
