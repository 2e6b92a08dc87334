import torch


class Learner:
    def __init__(self, model):
        self.model = model
        self.optimizers = {"main": torch.optim.Adam(model.parameters())}

    def train(self, stream, max_steps):
        step = 0
        while step < max_steps:
            x, y = next(stream)
            self.optimizers["main"].zero_grad()
            logits = self.model(x)
            loss = torch.nn.functional.cross_entropy(logits, y)
            # backpropagate
            loss.backward(retain_graph=True)  # TODO: check memory
            self.optimizers["main"].step()
            step += 1
