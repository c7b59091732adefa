// The front header: every public header of nqueens but checkpoint_json.hpp (it needs nlohmann/json).
#ifndef NQUEENS_NQUEENS_HPP
#define NQUEENS_NQUEENS_HPP

#include <nqueens/board.hpp>
#include <nqueens/canonical.hpp>
#include <nqueens/checkpoint.hpp>
#include <nqueens/count.hpp>
#include <nqueens/domain.hpp>
#include <nqueens/engine.hpp>
#include <nqueens/render.hpp>
#include <nqueens/solutions.hpp>
#include <nqueens/symmetry.hpp>
#include <nqueens/table.hpp>
#include <nqueens/verify.hpp>

#endif  // NQUEENS_NQUEENS_HPP
