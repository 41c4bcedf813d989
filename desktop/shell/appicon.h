#pragma once
// The window icon. resources/office-desk.svg is the installed icon; Qt needs its SVG plugin
// (not part of qt6-base) to read it, so the same picture is also drawn here with QPainter.

#include <QIcon>

QIcon officeDeskIcon();
