import contextlib

import torch
import torch.nn.functional as F


def fit(net, optimizer, batches, epochs, accumulate=4):
    seen = []
    for epoch in range(epochs):
        with contextlib.ExitStack() as closer:
            def note_epoch():
                seen.append(epoch)

            closer.callback(note_epoch)
            index = -1  # the flush after the loop reads it, also when the loop runs no batch
            for index, (inputs, labels) in enumerate(batches):
                loss = F.cross_entropy(net(inputs), labels) / accumulate
                loss.backward()
                if (index + 1) % accumulate == 0:
                    optimizer.step()
                    optimizer.zero_grad(set_to_none=True)

            # the last micro-batches did not fill a whole window: step on them too
            if (index + 1) % accumulate != 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
    return seen
