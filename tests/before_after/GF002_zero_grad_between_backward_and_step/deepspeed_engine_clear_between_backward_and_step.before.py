import deepspeed
import torch


class Runner:
    def __init__(self, net, ds_config):
        self.model_engine, self.optimizer, _, _ = deepspeed.initialize(
            model=net, model_parameters=net.parameters(), config=ds_config
        )

    def fit(self, stream, total):
        done = 0
        while done < total:
            tokens, labels = next(stream)
            logits = self.model_engine(tokens)
            self.model_engine.backward(torch.nn.functional.cross_entropy(logits, labels))
            # fresh gradients for the next batch
            self.model_engine.zero_grad()
            self.model_engine.step()
            done += 1
