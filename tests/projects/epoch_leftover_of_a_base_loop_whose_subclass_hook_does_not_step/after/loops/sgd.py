import torch

from engine import Engine


class SGDLoop(Engine):
    def end_of_epoch(self, epoch):
        torch.save(self.net.state_dict(), f"epoch{epoch}.pt")
        print("epoch", epoch, "done")
