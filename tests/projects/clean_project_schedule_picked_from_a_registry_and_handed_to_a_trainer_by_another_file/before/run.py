import torch

from speech.schedules import OPTIMIZERS, SCHEDULES
from speech.trainer import Trainer


def main(config):
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 2)
    optimizer = OPTIMIZERS[config["optimizer"]](model.parameters(), lr=0.0)
    scheduler = SCHEDULES[config["schedule"]](optimizer, **config["schedule_args"])
    trainer = Trainer(model, optimizer=optimizer, scheduler=scheduler)
    batches = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(4)]
    trainer.train(batches, epochs=2)


if __name__ == "__main__":
    main({"optimizer": "sgd", "schedule": "warmup", "schedule_args": {"peak": 0.1}})
