import torch


def train(net, loader, optimiser):
    for inputs, labels in loader:
        optimiser.zero_grad(set_to_none=True)
        score = torch.nn.functional.cross_entropy(net(inputs), labels)
        score.backward(retain_graph=True)

        def again():
            (score * 0.5).backward()

        again()
        optimiser.step()
