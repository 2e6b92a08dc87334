# The autocast's device is a parameter of the training function whose default is "cuda", and
# the file's only call leaves it at that default: the forward runs in CUDA float16 unscaled.
import torch
import torch.nn.functional as F


def fit_on_the_gpu_by_default(net, optimizer, batches, device="cuda"):
    for inputs, labels in batches:
        optimizer.zero_grad()
        with torch.autocast(device_type=device, dtype=torch.float16):
            loss = F.cross_entropy(net(inputs.to(device)), labels.to(device))
        loss.backward()
        optimizer.step()


if __name__ == "__main__" and torch.cuda.is_available():
    net = torch.nn.Linear(4, 2).cuda()
    fit_on_the_gpu_by_default(net, torch.optim.SGD(net.parameters(), lr=0.1), [(torch.randn(8, 4), torch.randint(0, 2, (8,)))])
