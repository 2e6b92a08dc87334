# An LBFGS closure clears the gradients after its own backward: `step(closure=...)` calls the
# closure and then reads the gradients it just wiped, so the weights never move. The clear
# moves to the start of the closure.
import torch
import torch.nn.functional as F


def refine(model, batches, iterations=5):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=0.8, max_iter=10)
    for inputs, targets in batches:

        def evaluate():
            """One evaluation of the objective."""
            # reset for the next evaluation
            optimizer.zero_grad()
            objective = F.cross_entropy(model(inputs), targets)
            objective.backward()
            return objective

        for _ in range(iterations):
            optimizer.step(closure=evaluate)
