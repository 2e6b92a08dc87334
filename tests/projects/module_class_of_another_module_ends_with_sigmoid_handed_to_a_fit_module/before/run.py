import torch

import fitting
from nets import Scorer, pairs


def main():
    scorer = Scorer()
    opt = torch.optim.Adam(scorer.parameters(), lr=1e-2)
    fitting.fit(scorer, opt, pairs(32), steps=20)


if __name__ == "__main__":
    main()
