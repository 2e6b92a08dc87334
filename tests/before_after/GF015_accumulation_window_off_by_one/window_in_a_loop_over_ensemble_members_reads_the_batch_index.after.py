import torch
import torch.nn.functional as F

GRAD_ACC = 4


def train(members, batches):
    for batch_no, (inputs, targets) in enumerate(batches):
        for net, optimizer in members:
            loss = F.mse_loss(net(inputs), targets) / GRAD_ACC
            loss.backward()
            if (batch_no + 1) % GRAD_ACC == 0:
                optimizer.step()
                optimizer.zero_grad()
