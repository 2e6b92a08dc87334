import torch

from learner import QLearner


class Runner:
    def __init__(self, steps: int) -> None:
        self.learner = QLearner(torch.nn.Linear(3, 2), lr=0.05)
        self.steps = steps
        self.losses = []

    def run(self) -> None:
        t = 0
        while t < self.steps:
            states = torch.randn(16, 3)
            targets = states[:, :2] * 2
            if t % 2 == 0:
                self.losses.append(self.learner.update(states, targets))
            t += 1


if __name__ == "__main__":
    Runner(40).run()
